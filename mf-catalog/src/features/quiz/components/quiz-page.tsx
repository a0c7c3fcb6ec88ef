import Button from 'antd/es/button';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { quizCompletedEvent } from '@shop/shared/analytics/ga4';
import { USER_SEX_KEY } from '@shop/shared/client-state/client-storage';
import { writeStoredItem } from '@shop/shared/client-state/key-value-storage';
import type { QuizContent } from '@shop/shared/contract/catalog-content';
import { useShell } from '@shop/shared/federation/remote-root';
import { useViewItem } from '../../analytics/hooks/use-view-item';
import { findOffer, type CatalogOffer } from '../../catalog-data/model/catalog-offer';
import { useCatalogOffers } from '../../catalog-data/api/catalog-offers';
import { useCatalogContent } from '../../catalog-data/api/catalog-content';
import { OfferCard } from '../../offers/components/offer-card';
import { CatalogPageFrame, useDocumentTitle } from '../../shared/components/page-states';
import {
  completedAnswers,
  progressPercent,
  recommend,
  type QuizAnswers,
} from '../model/quiz-logic';

function ProgressBar({ step, total }: { step: number; total: number }) {
  const percent = progressPercent(step, total);
  const text = step >= total ? 'All questions answered' : `Question ${step + 1} of ${total}`;
  return (
    <div className="cat-progress">
      <span className="cat-progress-text" id="quiz-progress-label">
        {text}
      </span>
      <div
        className="cat-progress-track"
        role="progressbar"
        aria-labelledby="quiz-progress-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}% complete`}
      >
        <div className="cat-progress-fill" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

function QuizResult({
  quiz,
  answers,
  offers,
  onRestart,
}: {
  quiz: QuizContent;
  answers: QuizAnswers;
  offers: readonly CatalogOffer[];
  onRestart: () => void;
}) {
  const { track } = useShell();
  const recommendation = recommend(quiz, answers);
  const offer = findOffer(offers, recommendation.offerKey);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const tracked = useRef(false);
  useEffect(() => {
    headingRef.current?.focus();
    // Once per completed quiz, even if React renders the result twice.
    if (tracked.current) return;
    tracked.current = true;
    const event = quizCompletedEvent(completedAnswers(quiz, answers), recommendation.offerKey);
    track(event.event, { answers: event.answers, recommendation: event.recommendation });
  }, [quiz, answers, recommendation.offerKey, track]);
  useViewItem(offer);

  return (
    <section aria-labelledby="quiz-result-title">
      <ProgressBar step={quiz.questions.length} total={quiz.questions.length} />
      <h2
        id="quiz-result-title"
        ref={headingRef}
        tabIndex={-1}
        style={{ fontSize: '1.6rem', margin: '0 0 12px' }}
      >
        We recommend: {offer?.title ?? 'a complete panel'}
      </h2>
      <p className="cat-result-reason">{recommendation.reason}</p>
      {offer && <OfferCard offer={offer} featured />}
      <div className="cat-quiz-nav" style={{ marginTop: 20 }}>
        <Button size="large" onClick={onRestart}>
          Start again
        </Button>
        <Link className="cat-link" to="/pricing" style={{ alignSelf: 'center' }}>
          Compare all tests
        </Link>
      </div>
    </section>
  );
}

// eslint-disable-next-line max-lines-per-function -- one screen's state and layout; splitting it into parts is still to do
function QuizQuestions({ quiz, offers }: { quiz: QuizContent; offers: readonly CatalogOffer[] }) {
  const [step, setStep] = useState(0);
  const [answers, setAnswers] = useState<QuizAnswers>({});
  // "Next" pressed with no answer chosen: said next to the answers rather than a disabled button.
  const [unanswered, setUnanswered] = useState(false);
  const legendRef = useRef<HTMLLegendElement>(null);
  const firstRender = useRef(true);

  useEffect(() => {
    // Move focus to the new question for keyboard and screen-reader users, not on first load.
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    legendRef.current?.focus();
  }, [step]);

  if (step >= quiz.questions.length) {
    return (
      <QuizResult
        quiz={quiz}
        answers={answers}
        offers={offers}
        onRestart={() => {
          setAnswers({});
          setStep(0);
        }}
      />
    );
  }

  const question = quiz.questions[step]!;
  const answer = answers[question.id];
  const choose = (value: string) => {
    setAnswers((current) => ({ ...current, [question.id]: value }));
    setUnanswered(false);
    if (question.id === quiz.sexQuestionId)
      writeStoredItem(window.localStorage, USER_SEX_KEY, value);
  };
  // "Next" can always be pressed, so a press on the server's first view (where nothing is chosen
  // until the visitor chooses) is never a press on a disabled button, which the browser drops.
  const next = (event: FormEvent) => {
    event.preventDefault();
    if (!answer) {
      setUnanswered(true);
      return;
    }
    setUnanswered(false);
    setStep(step + 1);
  };
  // Arrow keys move between answers natively; Enter goes on, and 1-9 pick an answer directly.
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    // Buttons handle their own Enter; anywhere else in the question (the answers, the focused question) it means Next.
    if (event.key === 'Enter' && !(event.target as HTMLElement).closest('button')) {
      event.preventDefault();
      event.currentTarget.requestSubmit();
      return;
    }
    const index = Number.parseInt(event.key, 10) - 1;
    const option = question.options[index];
    if (option && !event.altKey && !event.ctrlKey && !event.metaKey) choose(option.value);
  };

  return (
    <form
      onSubmit={next}
      onKeyDown={onKeyDown}
      aria-describedby="quiz-progress-label quiz-keys-hint"
    >
      <ProgressBar step={step} total={quiz.questions.length} />
      <fieldset className="cat-question">
        <legend ref={legendRef} tabIndex={-1}>
          {question.prompt}
        </legend>
        {question.help && <p className="cat-question-help">{question.help}</p>}
        <p className="cat-sr-only" id="quiz-keys-hint">
          Use the arrow keys or the number keys to choose an answer, then press Enter.
        </p>
        <div className="cat-answers">
          {question.options.map((option) => (
            <label key={option.value} className="cat-answer">
              <input
                type="radio"
                name={question.id}
                value={option.value}
                checked={answer === option.value}
                onChange={() => choose(option.value)}
              />
              {option.label}
            </label>
          ))}
        </div>
        {unanswered && (
          <p className="cat-question-error" role="alert">
            Choose an answer to go on.
          </p>
        )}
      </fieldset>
      <div className="cat-quiz-nav">
        <Button
          size="large"
          onClick={() => {
            setUnanswered(false);
            setStep(step - 1);
          }}
          disabled={step === 0}
        >
          Back
        </Button>
        <Button type="primary" size="large" htmlType="submit">
          {step === quiz.questions.length - 1 ? 'See my recommendation' : 'Next'}
        </Button>
      </div>
    </form>
  );
}

export function QuizPage() {
  const content = useCatalogContent();
  const offers = useCatalogOffers();
  const quiz = content.data?.quiz;
  useDocumentTitle(quiz?.title);
  return (
    <CatalogPageFrame
      what="the quiz"
      failed={content.isError || offers.isError}
      retry={() => {
        void content.refetch();
        void offers.refetch();
      }}
      ready={Boolean(quiz && offers.data)}
    >
      {() => (
        <div className="cat-quiz">
          <h1>{quiz!.title}</h1>
          <p className="cat-lead">{quiz!.lead}</p>
          <QuizQuestions quiz={quiz!} offers={offers.data!} />
        </div>
      )}
    </CatalogPageFrame>
  );
}
