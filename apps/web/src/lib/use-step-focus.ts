import { useEffect, useRef } from 'react';

/**
 * A dialog of steps (Close shift: count, approval, report): each new step puts the keyboard focus on its
 * field marked `data-autofocus`, or else on the dialog's title (a step without a field: a report), as the
 * dialog's opening does for its first step. Without it the focus stayed on the button that ended the
 * previous step, which went with it: the focus fell to the page. Returns the ref of the steps' container
 * (inside the dialog); `opened` false (the dialog closing and resetting its step) moves nothing.
 */
export function useStepFocus<Step>(step: Step, opened: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    const body = ref.current;
    if (!opened || !body) return;
    const field = body.querySelector<HTMLElement>('[data-autofocus]');
    const title = body.closest('[role="dialog"]')?.querySelector<HTMLElement>('h2[tabindex]');
    (field ?? title)?.focus();
  }, [step, opened]);
  return ref;
}
