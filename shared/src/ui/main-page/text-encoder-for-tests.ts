// For this folder's jsdom tests only: react-router reads TextEncoder, which jsdom leaves out.
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
