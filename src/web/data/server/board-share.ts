/**
 * Sharing a board by link (docs/boards.md#sharing): the owner's three calls. They need the server
 * (the token is made there, from a secure source), so the page offers them online only. What
 * they change reaches the local board through realtime and the next pull.
 */
import type PocketBase from 'pocketbase';
import { SERVER_ROUTES } from '../../../domain/api/routes.ts';
import { boardShareSchema, type BoardShare } from '../../../domain/boards/board-contract.ts';

/** Turns sharing on, or makes a new link when it is on (the old one stops at once). */
export async function shareBoard(pb: PocketBase, boardId: string, notes?: boolean): Promise<BoardShare> {
  const answer = await pb.send(SERVER_ROUTES.boardShare.url(boardId), {
    method: 'POST',
    body: notes === undefined ? {} : { notes },
  });
  return boardShareSchema.parse(answer);
}

/** Whether the shared page shows the owner's notes. */
export async function setShareNotes(pb: PocketBase, boardId: string, notes: boolean): Promise<BoardShare> {
  const answer = await pb.send(SERVER_ROUTES.boardShareOptions.url(boardId), {
    method: 'PATCH',
    body: { notes },
  });
  return boardShareSchema.parse(answer);
}

/** Stops sharing: the link answers 404 from now on. */
export async function stopSharing(pb: PocketBase, boardId: string): Promise<void> {
  await pb.send(SERVER_ROUTES.boardShareStop.url(boardId), { method: 'DELETE' });
}
