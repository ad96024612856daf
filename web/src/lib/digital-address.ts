const FORM = /^([A-Z][A-Z0-9])[- ]*(\d{3,4})[- ]*(\d{4})$/;

/**
 * A GhanaPost GPS digital address as people write it ('ga1838164', 'GA 183 8164') in its one
 * form, 'GA-183-8164', or null: a district of a letter and a letter or digit, an area of 3 or 4
 * digits, a square of 4 digits. The server checks the same rule (shop.ParseDigitalAddress).
 */
export function parseDigitalAddress(text: string): string | null {
  const m = FORM.exec(text.toUpperCase().replace(/^[- \s]+|[- \s]+$/g, ''));
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}
