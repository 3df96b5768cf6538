/** The SDK's big-number class, which its own type declarations leave out. */
declare module 'amazon-cognito-identity-js/lib/BigInteger' {
  const BigInteger: unknown;
  export default BigInteger;
}
