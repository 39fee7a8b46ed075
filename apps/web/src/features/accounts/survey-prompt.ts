import { create } from 'zustand';

/**
 * Whether this tab offers the collect-account wizard: a sign-in here makes it due, skipping or
 * answering ends it. Other tabs that merely hear of the sign-in do not ask again, and a skip
 * holds until the next sign-in.
 */
export const useSurveyPrompt = create<{ due: boolean }>(() => ({ due: false }));

export function offerSurvey(): void {
  useSurveyPrompt.setState({ due: true });
}

export function dismissSurvey(): void {
  useSurveyPrompt.setState({ due: false });
}
