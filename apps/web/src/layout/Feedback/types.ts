import type { bindFeedback } from '../../utils/feedback';

export type FeedbackApi = NonNullable<Parameters<typeof bindFeedback>[0]>;
