import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { cx } from '@/lib/cx';
import { useDataSaver } from '@/lib/data-saver';
import { useInViewport } from '@/lib/use-near-viewport';
import { useHeroSlides, type HeroSlide } from '../api/get-hero-slides';
import { Icon } from '@/components/ui/icon';

/** Spec §9: the carousel moves on by itself every 5000 ms. */
export const AUTO_ADVANCE_MS = 5000;

// Same box for the slides and their skeleton: nothing moves when the slides arrive.
const FRAME = 'relative h-56 overflow-hidden rounded-card sm:h-72 md:h-auto md:aspect-[8/3]';

function subscribeMedia(query: string) {
  return (onChange: () => void) => {
    const list = window.matchMedia(query);
    list.addEventListener('change', onChange);
    return () => {
      list.removeEventListener('change', onChange);
    };
  };
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const subscribeReducedMotion = subscribeMedia(REDUCED_MOTION);

function usePrefersReducedMotion() {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

function subscribeVisibility(onChange: () => void) {
  document.addEventListener('visibilitychange', onChange);
  return () => {
    document.removeEventListener('visibilitychange', onChange);
  };
}

function usePageVisible() {
  return useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState === 'visible',
    () => true,
  );
}

/** Slide links are stored with or without their leading slash (spec §2): both go in the shop. */
function slideHref(link: string) {
  return link.startsWith('/') ? link : `/${link}`;
}

/**
 * The home page's hero carousel (spec §2): the slides fade into each other and move on every
 * 5000 ms, except while the pointer or the focus is on them, while the tab is hidden or the
 * carousel scrolled out of view (a fade nobody sees costs a cheap phone its frames), when
 * paused with its button, or when the visitor prefers reduced motion. Only the shown slide's
 * image and the next one's are fetched (and those of slides shown before). In data-saver mode it
 * neither moves on nor fades, and a slide's image is fetched only when the slide is shown.
 */
export function HeroCarousel() {
  const { data, isPending, isError } = useHeroSlides();
  if (isPending) return <Skeleton className={cx(FRAME, 'mb-8')} />;
  if (isError || data.length === 0) return null; // the page is whole without its banner
  return <Slides slides={data} />;
}

function Slides({ slides }: { slides: readonly HeroSlide[] }) {
  const [index, setIndex] = useState(0);
  // Slides already shown keep their image. Besides the shown slide only the next one is fetched
  // ahead, for the fade: the first visit downloads and decodes two images, not every slide's.
  const [seen, setSeen] = useState<ReadonlySet<number>>(() => new Set([0]));
  if (!seen.has(index)) setSeen(new Set([...seen, index]));
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [paused, setPaused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const saver = useDataSaver();
  const visible = usePageVisible();
  const frame = useRef<HTMLElement>(null);
  const onScreen = useInViewport(frame, { initial: true });
  const count = slides.length;
  const running =
    !paused && !hovered && !focused && visible && onScreen && !reducedMotion && !saver && count > 1;

  useEffect(() => {
    if (!running) return;
    // A new timer per slide: a manual move restarts the full 5000 ms.
    const timer = window.setTimeout(() => {
      setIndex((i) => (i + 1) % count);
    }, AUTO_ADVANCE_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [running, index, count]);

  const go = (step: number) => {
    setIndex((i) => (i + step + count) % count);
  };

  return (
    <section
      ref={frame}
      aria-roledescription="carousel"
      aria-label="Featured collections"
      className={cx(FRAME, 'mb-8 bg-brand-900 text-white')}
      onPointerEnter={() => {
        setHovered(true);
      }}
      onPointerLeave={() => {
        setHovered(false);
      }}
      onFocus={() => {
        setFocused(true);
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      {slides.map((slide, i) => {
        const current = i === index;
        return (
          <div
            key={slide.id}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            aria-hidden={!current}
            inert={!current}
            className={cx(
              'absolute inset-0',
              !saver && 'transition-opacity duration-700',
              current ? 'opacity-100' : 'opacity-0',
            )}
          >
            {(current || (!saver && (i === (index + 1) % count || seen.has(i)))) && (
              <img
                src={slide.image}
                alt=""
                width={1600}
                height={600}
                // The first slide is the page's largest paint: fetch it first.
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : 'low'}
                decoding={i === 0 ? 'sync' : 'async'}
                className="size-full object-cover object-right md:object-center"
              />
            )}
            <div className="absolute inset-0 flex flex-col justify-center gap-2 bg-linear-to-r from-brand-900/85 via-brand-900/50 to-transparent px-6 pb-10 sm:px-12 md:w-2/3">
              <p className="text-2xl font-extrabold sm:text-3xl md:text-4xl">{slide.title}</p>
              <p className="max-w-sm text-base sm:text-lg">{slide.description}</p>
              <Link
                to={slideHref(slide.link)}
                className="mt-2 inline-flex min-h-tap w-fit items-center rounded-control bg-gold-400 px-5 font-semibold text-ink hover:bg-gold-500"
              >
                Shop Now
              </Link>
            </div>
          </div>
        );
      })}
      {count > 1 && (
        <div className="absolute right-2 bottom-2 flex items-center gap-1 rounded-pill bg-brand-900/70 px-1">
          <CarouselButton
            label="Previous slide"
            onClick={() => {
              go(-1);
            }}
          >
            <path d="m15 6-6 6 6 6" />
          </CarouselButton>
          <span className="px-1 text-sm tabular-nums" aria-hidden="true">
            {index + 1} / {count}
          </span>
          <CarouselButton
            label="Next slide"
            onClick={() => {
              go(1);
            }}
          >
            <path d="m9 6 6 6-6 6" />
          </CarouselButton>
          {/* Data saver has no slide show to pause. */}
          {!saver && (
            <CarouselButton
              label={paused ? 'Start slide show' : 'Pause slide show'}
              onClick={() => {
                setPaused((p) => !p);
              }}
            >
              {paused ? <path d="M8 5v14l11-7z" /> : <path d="M8 5v14M16 5v14" />}
            </CarouselButton>
          )}
        </div>
      )}
    </section>
  );
}

function CarouselButton({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className="inline-flex size-tap items-center justify-center rounded-pill hover:text-gold-400"
    >
      <Icon className="size-5" strokeWidth={2.5}>
        {children}
      </Icon>
    </button>
  );
}
