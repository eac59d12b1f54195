/**
 * The dispute challenge page, `?id=` the dispute: where a dispute that awaits a
 * response is answered. Other disputes are shown on their payment's page. A module of its own,
 * so the app's route table takes nothing else with it.
 */
export const DISPUTE_CHALLENGE_PATH = '/payments/disputes/challenge';
