export function QuotesPage() {
  return <h1>Quotes</h1>;
}
