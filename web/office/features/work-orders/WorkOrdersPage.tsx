export function WorkOrdersPage() {
  return <h1>WorkOrdersPage</h1>;
}
