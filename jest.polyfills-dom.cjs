// jsdom leaves out a few browser APIs that Node has: react-router reads TextEncoder, and antd's
// form scheduling uses MessageChannel.
const nodeUtil = require('node:util');
const workerThreads = require('node:worker_threads');

if (typeof globalThis.TextEncoder === 'undefined') globalThis.TextEncoder = nodeUtil.TextEncoder;
if (typeof globalThis.TextDecoder === 'undefined') globalThis.TextDecoder = nodeUtil.TextDecoder;
if (typeof globalThis.MessageChannel === 'undefined') globalThis.MessageChannel = workerThreads.MessageChannel;
