// The schemas of the server's answers to board writes, in a chunk of their own that
// board-outbox.ts loads with the first answer (the first /app page needs no zod).
export { boardItemSchema, boardItemsAnswerSchema } from '../../../../domain/boards/board-contract.ts';
export { boardSchema } from '../../../../domain/records/entities.ts';
