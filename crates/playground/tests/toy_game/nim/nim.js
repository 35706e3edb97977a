// One-heap Nim, the toy game of the tests: its query text is the heap's size.

export default {
  name: 'nim',
  rules: 'Take 1, 2 or 3 tokens from the heap; whoever takes the last token wins.',
  parse: (text) => ({ heap: Number.parseInt(text, 10) }),
  format: (m) => `${m.heap}\n`,
  options: () => ({}),
};
