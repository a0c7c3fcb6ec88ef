import { useEffect, useState } from 'react';
import { isUnitChoice, UNIT_CHOICE_STORAGE_KEY, type UnitChoice } from '../model/unit-choice';

function readStored(): UnitChoice | null {
  try {
    const stored = window.localStorage.getItem(UNIT_CHOICE_STORAGE_KEY);
    return isUnitChoice(stored) ? stored : null;
  } catch {
    // Storage refused (private mode, a locked-down browser): the choice lasts for this page.
    return null;
  }
}

/**
 * The unit the customer chose, remembered on this device. The server draws mg/dL; a remembered
 * mmol/L is applied once the page is live, so the first render matches the server's.
 */
export function useUnitChoice() {
  const [choice, setChoice] = useState<UnitChoice>('mg/dL');
  useEffect(() => {
    const stored = readStored();
    if (stored) setChoice(stored);
  }, []);
  const choose = (next: UnitChoice) => {
    setChoice(next);
    try {
      window.localStorage.setItem(UNIT_CHOICE_STORAGE_KEY, next);
    } catch {
      // Not remembered; the page still shows the choice.
    }
  };
  return [choice, choose] as const;
}
