/**
 * The entry of the shared board's page, share.html (served at SERVER_ROUTES.sharedBoardPage): no
 * app, no router, no service worker registration, no manifest (docs/boards.md#the-shared-page).
 */
import { tokenOfPath } from './share-api.ts';
import { mountSharedBoard } from './share-page.ts';
import './share.css';

const root = document.getElementById('share');
if (root) mountSharedBoard(root, { token: tokenOfPath(location.pathname) });
