// Tests read many JSON bodies and assert on their shape; typing each one would repeat the assertions.
export {};

declare global {
  interface Response {
    // biome-ignore lint/suspicious/noExplicitAny: test-only convenience, every value read is asserted
    json(): Promise<any>;
  }
}
