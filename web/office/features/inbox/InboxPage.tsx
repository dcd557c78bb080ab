export function InboxPage() {
  return <h1>InboxPage</h1>;
}
