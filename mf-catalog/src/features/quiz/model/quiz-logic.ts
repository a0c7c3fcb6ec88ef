import type { QuizContent } from '@shop/shared/contract/catalog-content';

export type QuizAnswers = Record<string, string>;

export interface QuizRecommendation {
  offerKey: string;
  reason: string;
}

/**
 * The first rule whose every condition holds (each listed question answered with one of its
 * values) wins; otherwise the quiz's fallback. Rules are seeded copy, so the order is the author's.
 */
export function recommend(
  quiz: Pick<QuizContent, 'rules' | 'fallback'>,
  answers: QuizAnswers,
): QuizRecommendation {
  for (const rule of quiz.rules) {
    const conditions = Object.entries(rule.when);
    if (
      conditions.length > 0 &&
      conditions.every(([question, values]) => values.includes(answers[question] ?? ''))
    ) {
      return { offerKey: rule.offerKey, reason: rule.reason };
    }
  }
  return { offerKey: quiz.fallback.offerKey, reason: quiz.fallback.reason };
}

/** Percent of the quiz done when the visitor is on `stepIndex` (0-based) of `total` questions. */
export function progressPercent(stepIndex: number, total: number): number {
  if (total <= 0) return 100;
  return Math.round((Math.min(Math.max(stepIndex, 0), total) * 100) / total);
}

/** Only the answers to questions the quiz asks, in question order: what analytics receives. */
export function completedAnswers(
  quiz: Pick<QuizContent, 'questions'>,
  answers: QuizAnswers,
): QuizAnswers {
  const result: QuizAnswers = {};
  for (const question of quiz.questions) {
    const answer = answers[question.id];
    if (answer !== undefined && question.options.some((option) => option.value === answer))
      result[question.id] = answer;
  }
  return result;
}
