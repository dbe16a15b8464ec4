import './catalog.css';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { errorCode, errorMessage, type RouterOutputs, useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCatalogMessages } from './catalog-messages';
import { VideoPlayer } from './video-player';
import { QueryState } from '../../components/query-state';
import { PageSpinner } from '../../components/page-spinner';
import { pagePaths, pathTo } from '../../../shared/page-paths';
import { formatIstDate } from '../../../shared/ist';
import { useProgressMessages } from '../progress/progress-messages';
import { LearningPanel } from '../progress/learning-panel';
import { ButtonLink } from '../../components/button-link';

/**
 * /course-content/{courseId}: the lecture player. It opens on the part the learner had open last
 * time (kept on the server), shows the video as a poster until play is tapped, moves with
 * Previous and Next (disabled at the ends) or by picking a part, and ticks every part up to the
 * current one.
 */
type Lectures = RouterOutputs['lectures']['forPackage'];

/** How long the player's lecture list counts as current once answered. */
const JUST_ASKED_MS = 10_000;
type PartProgress = RouterOutputs['progress']['ofPackage'][number];

/** A failed save or mark, said in a toast: react-hot-toast loads then (about 5 KB gzipped kept off the first load). */
function toastError(message: string) {
  void import('react-hot-toast').then(({ default: toast }) => toast.error(message));
}

/**
 * A refused or failed load: taken-back access leads to Contact Us, a package not bought to its
 * page, a failure to Retry.
 */
function PlayerFailure({ error, heading, courseId, onRetry }: { error: unknown; heading: ReactNode; courseId: string; onRetry: () => void }) {
  const { t } = useCatalogMessages();
  const code = errorCode(error);
  const notBought = code === 'NOT_BOUGHT';
  if (code === 'ACCESS_REVOKED') {
    return (
      <div className="page">
        {heading}
        <div role="alert" className="catalog-message">
          <p>{t('player.revoked')}</p>
          <ButtonLink to={pagePaths.contact} look="primary">
            {t('player.contact')}
          </ButtonLink>
        </div>
      </div>
    );
  }
  return (
    <div className="page">
      {heading}
      <div role="alert" className="catalog-message">
        <p>{notBought ? t('player.notBought') : t('player.failed')}</p>
        {notBought ? (
          <ButtonLink to={pathTo(pagePaths.packagePage, { id: courseId })} look="primary">
            {t('player.seePackage')}
          </ButtonLink>
        ) : (
          <button type="button" className="button" onClick={onRetry}>
            {t('packages.retry')}
          </button>
        )}
      </div>
    </div>
  );
}

/** The package's parts in order: open ones to pick (ticked when done), locked ones with the day they open. */
function PartsList({
  order,
  lectures,
  locked,
  current,
  progressOf,
  onSelect,
}: {
  order: { id: string; position: number }[];
  lectures: Lectures['lectures'];
  locked: Lectures['locked'];
  current: number;
  progressOf: Map<string, PartProgress>;
  onSelect: (position: number) => void;
}) {
  const { t } = useCatalogMessages();
  const words = useProgressMessages();
  return (
    <ol className="boxed-list parts">
      {order.map((part, at) => {
        // A part's number counts the locked ones too.
        const partLabel = t('player.part', { number: at + 1 });
        const position = lectures.findIndex((lecture) => lecture.id === part.id);
        const lecture = lectures[position];
        const closed = locked.find((item) => item.id === part.id);
        if (!lecture || closed) {
          const date = formatIstDate(closed?.opensAt ?? 0, words.lang);
          return (
            <li key={part.id}>
              <div className="parts__item parts__item--locked">
                <span className="parts__tick" aria-hidden="true">
                  <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
                    <path d="M7 11V8a5 5 0 0 1 10 0v3M6 11h12v9H6z" fill="none" stroke="currentColor" strokeWidth="2" />
                  </svg>
                </span>
                <span className="parts__text">
                  <span className="parts__label">{partLabel}</span>
                  {closed?.title && <span className="parts__title">{closed.title}</span>}
                  <span className="parts__title">{words.t('locked', { date })}</span>
                </span>
              </div>
            </li>
          );
        }
        const done = progressOf.get(lecture.id)?.done ?? false;
        return (
          <li key={lecture.id}>
            <button type="button" className="parts__item" aria-current={position === current ? 'step' : undefined} onClick={() => onSelect(position)}>
              <span className={done ? 'parts__tick parts__tick--on' : 'parts__tick'} aria-hidden="true">
                {done && (
                  <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
                    <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
                  </svg>
                )}
              </span>
              <span className="parts__text">
                <span className="parts__label">
                  {partLabel}
                  {done && <span className="visually-hidden"> · {words.t('done')}</span>}
                </span>
                {lecture.title && <span className="parts__title">{lecture.title}</span>}
              </span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}

export default function PlayerPage() {
  const { t } = useCatalogMessages();
  const { courseId = '' } = useParams();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const lecturesKey = trpc.lectures.forPackage.queryKey({ packageId: courseId });
  // Asked afresh whenever the player opens, but for an answer of the last few seconds: the one the
  // server drew the page with, or the one main.tsx asked for as the app started, which hydration
  // must not ask again (a failed second ask would turn the drawn player into its error).
  const lecturesQuery = useQuery(trpc.lectures.forPackage.queryOptions({ packageId: courseId }, { staleTime: JUST_ASKED_MS }));
  const packageQuery = useQuery(trpc.catalog.byId.queryOptions({ id: courseId }));
  const saveProgress = useMutation(trpc.lectures.saveProgress.mutationOptions());
  const words = useProgressMessages();
  // What this learner has done: parts ticked by the server once watched (or marked), never before play.
  const progressKey = trpc.progress.ofPackage.queryKey({ packageId: courseId });
  const progressQuery = useQuery({ ...trpc.progress.ofPackage.queryOptions({ packageId: courseId }), enabled: lecturesQuery.isSuccess });
  const refreshProgress = () => {
    void queryClient.invalidateQueries({ queryKey: progressKey });
    void queryClient.invalidateQueries({ queryKey: trpc.certificates.status.queryKey({ packageId: courseId }) });
  };
  const start = useMutation(trpc.progress.start.mutationOptions({ onSuccess: refreshProgress }));
  const watched = useMutation(trpc.progress.watched.mutationOptions({ onSuccess: (answer) => answer.done && refreshProgress() }));
  const markDone = useMutation(
    trpc.progress.markDone.mutationOptions({ onSuccess: refreshProgress, onError: (error) => toastError(errorMessage(error, words.t('markFailed'))) }),
  );
  // The part picked on this visit, remembered with its package so another package opens on its own place.
  const [selected, setSelected] = useState<{ courseId: string; lectureId: string } | null>(null);
  const selectedId = selected?.courseId === courseId ? selected.lectureId : null;
  const previousRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const movedBy = useRef<'previous' | 'next' | null>(null);

  const packageName = packageQuery.data?.name ?? null;
  useDocumentTitle(packageName ?? t('player.title'));

  const lectures = lecturesQuery.data?.lectures ?? [];
  const locked = lecturesQuery.data?.locked ?? [];
  // Open and locked parts in the package's order: a part's number counts the locked ones too.
  const order = [...lectures.map((lecture) => ({ id: lecture.id, position: lecture.position })), ...locked].sort(
    (a, b) => a.position - b.position || Number(a.id) - Number(b.id),
  );
  const numberOf = (id: string) => order.findIndex((part) => part.id === id) + 1;
  const progressOf = new Map((progressQuery.data ?? []).map((row) => [row.lectureId, row]));
  const currentId = selectedId ?? lecturesQuery.data?.currentLectureId ?? null;
  const found = lectures.findIndex((lecture) => lecture.id === currentId);
  const index = Math.max(found, 0);
  const atStart = index === 0;
  const atEnd = index >= lectures.length - 1;

  // A button that just became disabled under the keyboard would drop focus to the page: hand it to the other one.
  useEffect(() => {
    if (movedBy.current === 'next' && atEnd) previousRef.current?.focus();
    if (movedBy.current === 'previous' && atStart) nextRef.current?.focus();
    movedBy.current = null;
  }, [index, atStart, atEnd]);

  function select(next: number, by: 'previous' | 'next' | null = null) {
    const lecture = lectures[next];
    if (!lecture || next === index) return;
    movedBy.current = by;
    setSelected({ courseId, lectureId: lecture.id });
    queryClient.setQueryData(lecturesKey, (old) => (old ? { ...old, currentLectureId: lecture.id } : old));
    saveProgress.mutate({ packageId: courseId, lectureId: lecture.id }, { onError: () => toastError(t('player.saveFailed')) });
  }

  const heading = <h1>{packageName ?? t('player.title')}</h1>;

  return (
    <QueryState
      query={lecturesQuery}
      // The heading stays while the lectures arrive (the server drew it too): the page keeps its first paint.
      loading={
        <div className="page">
          {heading}
          <PageSpinner />
        </div>
      }
      error={(error) => <PlayerFailure error={error} heading={heading} courseId={courseId} onRetry={() => void lecturesQuery.refetch()} />}
      isEmpty={(data) => data.lectures.length === 0}
      empty={
        <div className="page">
          {heading}
          <p className="empty-state">{t('player.empty')}</p>
        </div>
      }
    >
      {(data) => {
        const current = lectures[index]!;
        const partLabel = (id: string) => t('player.part', { number: numberOf(id) });
        const currentTitle = current.title ? `${partLabel(current.id)} · ${current.title}` : partLabel(current.id);
        const currentProgress = progressOf.get(current.id);
        const nextLocked = locked.find((part) => part.opensAt > Date.now());

        return (
          <div className="page player">
            {heading}
            <div className="player__layout">
              <section className="player__main" aria-labelledby="current-part">
                <VideoPlayer
                  key={current.id}
                  video={current.video}
                  title={currentTitle}
                  playLabel={t('player.play', { number: numberOf(current.id) })}
                  watermark={data.watermark}
                  part={index}
                  onPlay={() => start.mutate({ packageId: courseId, lectureId: current.id })}
                  onWatched={(watchedSeconds, durationSeconds) =>
                    watched.mutate({ packageId: courseId, lectureId: current.id, watchedSeconds, durationSeconds })
                  }
                />
                <h2 id="current-part" className="player__current">
                  {currentTitle}
                </h2>
                <p className="visually-hidden" aria-live="polite">
                  {t('player.nowPlaying', { number: numberOf(current.id), total: order.length })}
                </p>
                {currentProgress?.canMarkDone && (
                  <div className="player__done">
                    <p className="field__hint">{words.t('markDoneHint')}</p>
                    <button
                      type="button"
                      className="button"
                      disabled={markDone.isPending}
                      onClick={() => markDone.mutate({ packageId: courseId, lectureId: current.id })}
                    >
                      {words.t('markDone')}
                    </button>
                  </div>
                )}
                {currentProgress?.started && !currentProgress.done && !currentProgress.canMarkDone && (
                  <p className="field__hint">{words.t(currentProgress.lengthKnown ? 'watchedHint' : 'lengthPending')}</p>
                )}
                <div className="player__nav">
                  <button ref={previousRef} type="button" className="button" disabled={atStart} onClick={() => select(index - 1, 'previous')}>
                    {t('player.previous')}
                  </button>
                  <button ref={nextRef} type="button" className="button button--primary" disabled={atEnd} onClick={() => select(index + 1, 'next')}>
                    {t('player.next')}
                  </button>
                </div>
              </section>
              <nav className="player__parts" aria-label={t('player.parts')}>
                <PartsList
                  order={order}
                  lectures={lectures}
                  locked={locked}
                  current={index}
                  progressOf={progressOf}
                  onSelect={(position) => select(position)}
                />
                {nextLocked && (
                  <p className="field__hint">
                    {words.t('nextOpens', { number: numberOf(nextLocked.id), date: formatIstDate(nextLocked.opensAt, words.lang) })}
                  </p>
                )}
                <LearningPanel courseId={courseId} currentLectureId={current.id} />
              </nav>
            </div>
          </div>
        );
      }}
    </QueryState>
  );
}
