// react-router reads TextEncoder, which jsdom leaves out; node has it.
const { TextEncoder, TextDecoder } = require('node:util');

if (typeof globalThis.TextEncoder === 'undefined') globalThis.TextEncoder = TextEncoder;
if (typeof globalThis.TextDecoder === 'undefined') globalThis.TextDecoder = TextDecoder;

// antd's form scheduling uses MessageChannel, also missing from jsdom.
if (typeof globalThis.MessageChannel === 'undefined') globalThis.MessageChannel = require('node:worker_threads').MessageChannel;
