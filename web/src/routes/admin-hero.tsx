import { useState, type SubmitEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, FormMessages } from '@/components/ui/field';
import { ImageFileInput } from '@/components/backoffice/image-file-input';
import { Loaded } from '@/components/backoffice/loaded';
import { useAction } from '@/components/backoffice/use-action';
import { PageHeading } from '@/components/ui/page-heading';
import {
  adminHeroQueryKey,
  createHeroSlide,
  deleteHeroSlide,
  updateHeroSlide,
  uploadHeroImage,
  useAdminHero,
  type AdminHeroSlide,
} from '@/features/admin/api/catalogue';
import { smallest } from '@/lib/responsive-image';
import { useDocumentTitle } from '@/lib/use-document-title';

export const HERO_FAILED = 'Failed to load the slides. Please try again.';

type Run = (change: () => Promise<unknown>, message: string) => Promise<boolean>;

/** Staff: the home page carousel — add a slide, give it an image, show, edit or remove it. */
export default function AdminHeroPage() {
  useDocumentTitle('Home page slides');
  const query = useAdminHero();
  const { busy, failure, done, run, refuse } = useAction([adminHeroQueryKey]);

  return (
    <>
      <PageHeading>Home page slides</PageHeading>
      <SlideForm busy={busy} run={run} />
      <FormMessages error={failure} success={done} />
      <Loaded query={query} failed={HERO_FAILED}>
        {(data) =>
          data.length === 0 ? (
            <p className="mt-4">No slides yet.</p>
          ) : (
            <ul className="mt-4 space-y-3" aria-label="Slides">
              {data.map((slide) => (
                <li key={slide.id}>
                  <SlideForm slide={slide} busy={busy} run={run} onRefused={refuse} />
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
    </>
  );
}

/** A new slide's form, or an existing slide's with its image, visibility and removal. */
function SlideForm({
  slide,
  busy,
  run,
  onRefused,
}: {
  slide?: AdminHeroSlide;
  busy: boolean;
  run: Run;
  onRefused?: (reason: string) => void;
}) {
  const [title, setTitle] = useState(slide?.title ?? '');
  const [description, setDescription] = useState(slide?.description ?? '');
  const [link, setLink] = useState(slide?.link ?? '');
  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = { title: title.trim(), description: description.trim(), link: link.trim() };
    if (slide) {
      await run(() => updateHeroSlide(slide.id, body), `“${body.title}” saved.`);
    } else if (
      await run(() => createHeroSlide(body), `“${body.title}” added: upload its image to show it.`)
    ) {
      setTitle('');
      setDescription('');
      setLink('');
    }
  }
  return (
    <form
      aria-label={slide ? `Slide “${slide.title}”` : 'Add a slide'}
      onSubmit={(e) => void submit(e)}
      className="grid gap-3 rounded-card bg-white p-4 shadow-card md:grid-cols-2"
    >
      {slide &&
        (slide.image ? (
          <img
            src={smallest(slide.image)}
            alt={`Image of “${slide.title}”`}
            width={320}
            height={107}
            className="aspect-[3/1] w-full rounded-control object-cover md:col-span-2"
          />
        ) : (
          <p className="md:col-span-2">No image yet: the slide stays hidden until it has one.</p>
        ))}
      <Field label="Title" value={title} onValueChange={setTitle} maxLength={100} />
      <Field
        label="Link"
        hint='A page of the shop ("/category/gaming") or an https:// address.'
        value={link}
        onValueChange={setLink}
        maxLength={300}
      />
      <Field
        label="Description"
        value={description}
        onValueChange={setDescription}
        maxLength={300}
        className="md:col-span-2"
      />
      <div className="flex flex-wrap items-end gap-2 md:col-span-2">
        <Button type="submit" aria-disabled={busy}>
          {slide ? 'Save' : 'Add slide'}
        </Button>
        {slide && (
          <>
            <Button
              variant="secondary"
              aria-disabled={busy}
              onClick={() =>
                void run(
                  () => updateHeroSlide(slide.id, { is_active: !slide.is_active }),
                  `“${slide.title}” ${slide.is_active ? 'hidden' : 'shown on the home page'}.`,
                )
              }
            >
              {slide.is_active ? 'Hide' : 'Show on the home page'}
            </Button>
            <Button
              variant="secondary"
              aria-disabled={busy}
              onClick={() => void run(() => deleteHeroSlide(slide.id), `“${slide.title}” removed.`)}
            >
              Remove
            </Button>
            <ImageFileInput
              label="Slide image"
              disabled={busy}
              onFile={(file) => void run(() => uploadHeroImage(slide.id, file), 'Image uploaded.')}
              onRefused={(reason) => onRefused?.(reason)}
            />
          </>
        )}
      </div>
    </form>
  );
}
