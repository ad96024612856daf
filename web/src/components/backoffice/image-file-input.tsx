import { useId, useRef } from 'react';

// The server's upload rules (api/openapi.yaml, uploads), checked here first so that a phone does not
// send 20 MB for nothing; the server checks again and has the last word.
const ACCEPT = ['image/jpeg', 'image/png', 'image/webp'];
const MAX_BYTES = 8 * 1024 * 1024;
export const TOO_LARGE = 'The image is larger than 8 MB.';
export const WRONG_TYPE = 'Upload a JPEG, PNG or WebP image.';

/** A file picker for one picture: a fitting file goes to onFile, a misfit's reason to onRefused. */
export function ImageFileInput({
  label,
  disabled,
  onFile,
  onRefused,
}: {
  label: string;
  disabled: boolean;
  onFile: (file: File) => void;
  onRefused: (reason: string) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div>
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        accept={ACCEPT.join(',')}
        disabled={disabled}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (input.current) input.current.value = '';
          if (!file) return;
          if (!ACCEPT.includes(file.type)) onRefused(WRONG_TYPE);
          else if (file.size > MAX_BYTES) onRefused(TOO_LARGE);
          else onFile(file);
        }}
        className="mt-1 block w-full text-sm file:mr-3 file:min-h-tap file:rounded-control file:border-0 file:bg-brand-700 file:px-4 file:font-semibold file:text-white"
      />
    </div>
  );
}
