/**
 * An e-mail address that may wrap after its '@' and nowhere else: a long address on a phone
 * goes onto two lines as 'ama.serwaa.boateng@' and 'example.com', never letter by letter.
 */
export function Email({ address }: { address: string }) {
  const at = address.lastIndexOf('@') + 1;
  if (at === 0) return address;
  return (
    <>
      {address.slice(0, at)}
      <wbr />
      {address.slice(at)}
    </>
  );
}
