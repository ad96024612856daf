export default function Stub() {
  return <h1>TODO</h1>;
}
