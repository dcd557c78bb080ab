export function CustomersPage() {
  return <h1>CustomersPage</h1>;
}
