// The tests' setup: every area's sentences registered, as the command line does before anything is
// rendered (errors carry their English text from the moment they are made).
import '../../src/messages.js';
