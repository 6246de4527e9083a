// The tests' setup: every area's sentences registered, as the command line does before anything is
// rendered (errors carry their English text from the moment they are made).
import '../../src/messages.js';
// Every agent's own sentences, for the tests that render them without running a command.
import '../../src/agents/registry.js';
