import './EmailAddress.css';

/**
 * An e-mail address that may wrap only after its '@', never inside the name or the domain (e.g. at a
 * hyphen or a dot). A part wider than the whole line on its own is cut by its container's ellipsis
 * (the whole address stays in the DOM for screen readers and in the tooltip) instead of being split.
 */
export function EmailAddress({ email, className }: { email: string; className?: string }) {
  const at = email.indexOf('@');
  const classes = `email-address${className ? ` ${className}` : ''}`;
  if (at < 0)
    return (
      <span className={classes} title={email}>
        <span className="email-part">{email}</span>
      </span>
    );
  return (
    <span className={classes} title={email}>
      <span className="email-part">{email.slice(0, at + 1)}</span>
      <wbr />
      <span className="email-part">{email.slice(at + 1)}</span>
    </span>
  );
}

/**
 * A translated sentence naming e-mail addresses (`{{email}}` values), each drawn with EmailAddress:
 * `values` are the sentence's values, `emails` the names of those that are addresses.
 */
export function withEmailAddresses(
  translate: (values: Record<string, string>) => string,
  values: Record<string, string>,
  emails: string[],
) {
  const marked = { ...values };
  for (const [index, name] of emails.entries()) marked[name] = `\u0000${index}\u0000`;
  return translate(marked)
    .split('\u0000')
    .map((piece, i) => (i % 2 === 1 ? <EmailAddress key={i} email={values[emails[Number(piece)]!]!} /> : piece));
}
