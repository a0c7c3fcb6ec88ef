// jsdom leaves out a few browser APIs: react-router reads TextEncoder, antd's form scheduling uses
// MessageChannel, and its popups a ResizeObserver.
const nodeUtil = require('node:util');

if (typeof globalThis.TextEncoder === 'undefined') globalThis.TextEncoder = nodeUtil.TextEncoder;
if (typeof globalThis.TextDecoder === 'undefined') globalThis.TextDecoder = nodeUtil.TextDecoder;

// A timer-based MessageChannel: Node's own keeps open handles that stop jest from exiting.
class TimerMessagePort {
  constructor() {
    this.onmessage = null;
    this.peer = null;
    this.listeners = new Set();
  }
  postMessage(data) {
    const peer = this.peer;
    setTimeout(() => {
      const event = { data };
      peer.onmessage?.(event);
      peer.listeners.forEach((listener) => listener(event));
    }, 0);
  }
  addEventListener(type, listener) {
    if (type === 'message') this.listeners.add(listener);
  }
  removeEventListener(type, listener) {
    this.listeners.delete(listener);
  }
  start() {}
  close() {
    this.listeners.clear();
    this.onmessage = null;
  }
}
if (typeof globalThis.MessageChannel === 'undefined') {
  globalThis.MessageChannel = class MessageChannel {
    constructor() {
      this.port1 = new TimerMessagePort();
      this.port2 = new TimerMessagePort();
      this.port1.peer = this.port2;
      this.port2.peer = this.port1;
    }
  };
}

// antd's popups (Select, Popconfirm) measure themselves; jsdom has no layout, so nothing changes size.
class StillResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (typeof globalThis.ResizeObserver === 'undefined')
  globalThis.ResizeObserver = StillResizeObserver;
