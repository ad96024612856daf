/** A text field of submitted form data ('' when missing; files never appear in our forms). */
export function formText(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
}
