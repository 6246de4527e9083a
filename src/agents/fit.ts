// Checks shared by every agent's fit(): models no coding agent should be given, whatever the
// protocol marks say.
import type { ClassifiedModel } from '../core/types.js';

/**
 * Why a model is not for a coding agent, or undefined. Image models arrive marked
 * `image-generation` plus `openai` (gateway.md, "Marks"), yet serve only images/generations, so
 * the `openai` mark alone must not make them look like chat models.
 */
export function notForCoding(model: ClassifiedModel): string | undefined {
  if (model.notForAgents) return model.notForAgents;
  if (model.protocols.images === 'yes') return 'an image-generation model: it serves /v1/images/generations only, not a coding agent';
  return undefined;
}
