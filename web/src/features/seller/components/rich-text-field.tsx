import { useEffect, useId, useRef, useState } from 'react';
import { cx } from '@/lib/cx';
import { sanitizeHtml } from '@/lib/sanitize';

// A small editor for product descriptions and specifications: a contentEditable box with
// buttons for bold, italic, a heading and lists. It writes HTML; the server sanitises it, and the
// product page sanitises it again before showing it.
//
// The formatting goes through document.execCommand: deprecated, but still the one editing API
// every browser implements (with the browser's own undo). Where it is missing (old engines, test
// DOMs) the buttons do nothing and the box stays a plain text editor.

type Tool = 'bold' | 'italic' | 'heading' | 'insertUnorderedList' | 'insertOrderedList';

const TOOLS: readonly { tool: Tool; label: string; face: string; className?: string }[] = [
  { tool: 'bold', label: 'Bold', face: 'B', className: 'font-bold' },
  { tool: 'italic', label: 'Italic', face: 'I', className: 'italic font-serif' },
  { tool: 'heading', label: 'Heading', face: 'H' },
  { tool: 'insertUnorderedList', label: 'Bulleted list', face: '•' },
  { tool: 'insertOrderedList', label: 'Numbered list', face: '1.' },
];

/** The headings the heading button makes (h3: the product page's sections are h2). */
const HEADING = 'h3';

function exec(command: string, value?: string): void {
  if (!('execCommand' in document)) return;
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- see the note at the top
  document.execCommand(command, false, value);
}

function isOn(tool: Tool): boolean {
  if (!('queryCommandState' in document)) return false;
  /* eslint-disable @typescript-eslint/no-deprecated -- see the note at the top */
  if (tool === 'heading') {
    return document.queryCommandValue('formatBlock').toLowerCase() === HEADING;
  }
  return document.queryCommandState(tool);
  /* eslint-enable @typescript-eslint/no-deprecated */
}

/** The editor's HTML, or '' when it holds no text (browsers leave a `<br>` behind). */
function contentOf(box: HTMLElement): string {
  return box.textContent.trim() === '' ? '' : box.innerHTML;
}

export const richTextClass =
  'break-words [&_h3]:text-lg [&_h3]:font-bold [&_li]:ml-5 [&_ol]:list-decimal [&_p]:my-1 [&_ul]:list-disc';

/**
 * A labelled rich-text box. `initialHtml` fills it once (sanitised); every change reports the
 * new HTML through `onChange`. Remount it (a `key`) to load other content.
 */
export function RichTextField({
  label,
  hint,
  error,
  initialHtml,
  onChange,
}: {
  label: string;
  hint?: string;
  error?: string;
  initialHtml: string;
  onChange: (html: string) => void;
}) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  // React sets this once and leaves the box's content to the browser afterwards.
  const [initial] = useState(() => ({ __html: sanitizeHtml(initialHtml) }));
  const [pressed, setPressed] = useState<ReadonlySet<Tool>>(new Set());
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');

  // The buttons show the formatting where the caret is.
  useEffect(() => {
    function onSelectionChange() {
      const at = document.getSelection()?.anchorNode;
      if (!at || !box.current?.contains(at)) return;
      setPressed(new Set(TOOLS.map((t) => t.tool).filter(isOn)));
    }
    document.addEventListener('selectionchange', onSelectionChange);
    return () => {
      document.removeEventListener('selectionchange', onSelectionChange);
    };
  }, []);

  function report() {
    if (box.current) onChange(contentOf(box.current));
  }

  function apply(tool: Tool) {
    box.current?.focus();
    if (tool === 'heading') exec('formatBlock', isOn('heading') ? '<p>' : `<${HEADING}>`);
    else exec(tool);
    setPressed(new Set(TOOLS.map((t) => t.tool).filter(isOn)));
    report();
  }

  return (
    <div>
      <p
        id={`${id}-label`}
        className="mb-1 font-semibold"
        onClick={() => {
          box.current?.focus();
        }}
      >
        {label}
      </p>
      {hint && (
        <p id={`${id}-hint`} className="mb-1 text-sm text-muted">
          {hint}
        </p>
      )}
      <div
        className={cx(
          'overflow-hidden rounded-control border bg-white',
          error ? 'border-danger-600' : 'border-line',
        )}
      >
        <div
          role="toolbar"
          aria-label={`${label} formatting`}
          aria-controls={id}
          className="flex flex-wrap gap-1 border-b border-line bg-canvas p-1"
        >
          {TOOLS.map((t) => (
            <button
              key={t.tool}
              type="button"
              aria-label={t.label}
              aria-pressed={pressed.has(t.tool)}
              // Keep the selection in the box: a button that took the focus would lose it.
              onMouseDown={(event) => {
                event.preventDefault();
              }}
              onClick={() => {
                apply(t.tool);
              }}
              className={cx(
                'inline-flex size-tap items-center justify-center rounded-control text-lg hover:bg-brand-50',
                'aria-pressed:bg-brand-100 aria-pressed:text-brand-900',
                t.className,
              )}
            >
              <span aria-hidden="true">{t.face}</span>
            </button>
          ))}
        </div>
        <div
          ref={box}
          id={id}
          role="textbox"
          aria-multiline="true"
          aria-labelledby={`${id}-label`}
          aria-describedby={describedBy || undefined}
          aria-invalid={error ? true : undefined}
          contentEditable
          tabIndex={0}
          onFocus={() => {
            // Enter starts a paragraph, not a bare <div>.
            exec('defaultParagraphSeparator', 'p');
          }}
          onInput={report}
          onBlur={report}
          dangerouslySetInnerHTML={initial}
          className={cx('min-h-32 p-3', richTextClass)}
        />
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-danger-700">
          {error}
        </p>
      )}
    </div>
  );
}
