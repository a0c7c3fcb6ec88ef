import { useEffect, useState, type FormEvent } from 'react';

/** What a list's filter form gets: the filters the list shows, and how to apply others. */
export interface FilterFormProps<F> {
  applied: F;
  loading: boolean;
  onApply: (filters: F) => void;
}

/**
 * The filters being typed, applied together on submit, so a half-typed value never sends a
 * request and a screen reader hears one change, not one per key.
 */
export function useFilterDraft<F extends object>({ applied, onApply }: FilterFormProps<F>) {
  const [draft, setDraft] = useState(applied);
  // The address changed (Back, a shared link): the form shows what the list shows.
  useEffect(() => setDraft(applied), [applied]);
  const set = (change: Partial<F>) => setDraft((current) => ({ ...current, ...change }));
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    onApply(draft);
  };
  const clear = (none: F) => {
    setDraft(none);
    onApply(none);
  };
  return { draft, set, submit, clear };
}
