/**
 * An email address that may break across lines where a reader expects it to: before the `@` and
 * after each dot (<wbr>), so a long address on a narrow screen reads
 * `alexandria.montgomery.` / `@creator.test` instead of running out of its box.
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?=@)|(?<=\.)/);
  return (
    <>
      {parts.map((part, i) => (
        <span key={i}>
          {i > 0 && <wbr />}
          {part}
        </span>
      ))}
    </>
  );
}
