#!/usr/bin/env node
'use strict';
// CommonJS: Node starts a CommonJS file without its ES module loader.
require('../dist/cli.cjs')
  .main(process.argv.slice(2))
  .then((code) => {
    process.exitCode = code;
  });
