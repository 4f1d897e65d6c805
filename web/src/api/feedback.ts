// Feedback from the settings page (POST /api/feedback): a rule variant or a problem.
import type { InferInput } from "valibot";
import type { FeedbackSchema } from "../../../worker/api/schemas";
import { post } from "./request";

export type Feedback = InferInput<typeof FeedbackSchema>;

export const send = async (feedback: Feedback): Promise<void> => void (await post("/api/feedback", feedback));
