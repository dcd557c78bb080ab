declare module 'libqp' {
  const libqp: { decode(input: string): Buffer; encode(input: Buffer | string): string };
  export default libqp;
}
