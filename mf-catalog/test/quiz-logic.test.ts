import type { QuizContent } from '@shop/shared/contract/catalog-content';
import {
  completedAnswers,
  progressPercent,
  recommend,
} from '../src/features/quiz/model/quiz-logic';

const quiz: Pick<QuizContent, 'rules' | 'fallback' | 'questions'> = {
  questions: [
    {
      id: 'goal',
      prompt: 'Goal?',
      help: null,
      options: [
        { value: 'heart', label: 'Heart' },
        { value: 'checkup', label: 'Check-up' },
      ],
    },
    {
      id: 'age',
      prompt: 'Age?',
      help: null,
      options: [
        { value: 'young', label: 'Young' },
        { value: 'older', label: 'Older' },
      ],
    },
    {
      id: 'history',
      prompt: 'History?',
      help: null,
      options: [
        { value: 'yes', label: 'Yes' },
        { value: 'no', label: 'No' },
      ],
    },
  ],
  rules: [
    { when: { goal: ['heart'] }, offerKey: 'program', reason: 'heart goal' },
    { when: { history: ['yes'], age: ['older'] }, offerKey: 'program', reason: 'history and age' },
    { when: { goal: ['checkup'], age: ['young', 'older'] }, offerKey: 'kit', reason: 'check-up' },
    { when: {}, offerKey: 'never', reason: 'an empty rule must not match everything' },
  ],
  fallback: { offerKey: 'fallback-kit', reason: 'fallback' },
};

describe('recommend', () => {
  it('takes the first matching rule', () => {
    expect(recommend(quiz, { goal: 'heart', age: 'older', history: 'yes' })).toEqual({
      offerKey: 'program',
      reason: 'heart goal',
    });
  });

  it('needs every condition of a rule', () => {
    expect(recommend(quiz, { goal: 'other', history: 'yes', age: 'older' })).toEqual({
      offerKey: 'program',
      reason: 'history and age',
    });
    expect(recommend(quiz, { goal: 'other', history: 'yes', age: 'young' }).offerKey).toBe(
      'fallback-kit',
    );
  });

  it('accepts any of the listed values', () => {
    expect(recommend(quiz, { goal: 'checkup', age: 'young' }).reason).toBe('check-up');
    expect(recommend(quiz, { goal: 'checkup', age: 'older' }).reason).toBe('check-up');
  });

  it('falls back when nothing matches or nothing was answered, and never matches an empty rule', () => {
    expect(recommend(quiz, {})).toEqual({ offerKey: 'fallback-kit', reason: 'fallback' });
    expect(recommend({ rules: [], fallback: quiz.fallback }, { goal: 'heart' }).offerKey).toBe(
      'fallback-kit',
    );
  });
});

describe('progressPercent', () => {
  it.each([
    [0, 5, 0],
    [1, 5, 20],
    [2, 3, 67],
    [5, 5, 100],
    [9, 5, 100],
    [-1, 5, 0],
    [0, 0, 100],
  ])('step %i of %i is %i%%', (step, total, expected) => {
    expect(progressPercent(step, total)).toBe(expected);
  });
});

describe('completedAnswers', () => {
  it('keeps only real answers to asked questions, in question order', () => {
    expect(
      completedAnswers(quiz, { history: 'no', extra: 'x', goal: 'heart', age: 'not-an-option' }),
    ).toEqual({ goal: 'heart', history: 'no' });
    expect(Object.keys(completedAnswers(quiz, { history: 'no', goal: 'heart' }))).toEqual([
      'goal',
      'history',
    ]);
  });
});
