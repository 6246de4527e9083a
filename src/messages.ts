// Every area's catalog, registered for rendering: the command line imports this first, and the tests'
// setup does. An area's sentences live beside its code (`<area>/messages/`); an agent's in its folder,
// registered by the agent's own module (loaded with the registry by every command that uses agents).
import './agent-run/messages/en.js';
import './agents/messages/en.js';
import './cli/messages/en.js';
import './config/messages/en.js';
import './core/messages/en.js';
import './doctor/messages/en.js';
import './gateway/messages/en.js';
import './settings/messages/en.js';
import './remove/messages/en.js';
import './setup/messages/en.js';
import './sync/messages/en.js';
import './verify/messages/en.js';
import './wizard/messages/en.js';
