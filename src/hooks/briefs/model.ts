/**
 * The one call a brief makes (docs/ai.md#briefs): `POST ${AI_BASE_URL}/chat/completions`, the
 * OpenAI protocol that OpenAI, llama.cpp's server and Ollama speak, with the key as a Bearer token,
 * once (no retry) and BRIEF_TIMEOUT_SECONDS at most. The operator's endpoint is trusted
 * configuration, so it does not go through the archive's private-address guard (a model on the
 * same machine is the usual local setup). `$http.send` is synchronous: the request holds its VM
 * while the model writes (docs/ai.md#what-a-brief-costs-the-server). The model's own words and
 * status go to the log, never to the user, and the key to neither.
 */
import {
  BRIEF_MAX_TOKENS,
  BRIEF_TEXT_MAX,
  BRIEF_TIMEOUT_SECONDS,
} from '../../domain/briefs/brief-contract.ts';
import { briefTextOf, type ChatMessage } from '../../domain/briefs/brief-prompt.ts';
import type { AiSettings } from '../config/index.ts';

export type ModelOutcome =
  { ok: true; text: string } | { ok: false; reason: 'timeout' | 'failed' | 'empty'; detail: string };

const TIMED_OUT = /deadline exceeded|timeout|timed out/i;

export function callModel(settings: AiSettings, messages: ChatMessage[]): ModelOutcome {
  const body = JSON.stringify({
    model: settings.model,
    messages: messages,
    max_tokens: BRIEF_MAX_TOKENS,
    stream: false,
  });
  let response;
  try {
    response = $http.send({
      url: `${settings.baseUrl}/chat/completions`,
      method: 'POST',
      body: body,
      timeout: BRIEF_TIMEOUT_SECONDS,
      headers: { Authorization: `Bearer ${settings.apiKey}`, 'Content-Type': 'application/json' },
    });
  } catch (error) {
    const detail = String(error).split(settings.apiKey).join('[key]');
    return { ok: false, reason: TIMED_OUT.test(detail) ? 'timeout' : 'failed', detail: detail };
  }
  if (response.statusCode >= 400) {
    const raw = String(response.raw || '').slice(0, 1000);
    return {
      ok: false,
      reason: 'failed',
      detail: `HTTP ${response.statusCode}: ${raw.split(settings.apiKey).join('[key]')}`,
    };
  }
  const text = briefTextOf(response.json, BRIEF_TEXT_MAX);
  if (!text) return { ok: false, reason: 'empty', detail: String(response.raw || '').slice(0, 300) };
  return { ok: true, text: text };
}
