/** Words after a model's name that do not change its shape (chat/instruct tunes, repo suffixes, dates, context). */
const SUFFIX = /(-(instruct|chat|hf|base|it|\d{4}|\d+k|v\d+(\.\d+)?))+$/;

/** A name reduced to letters and digits, so "Llama-3.1-8B", "llama3_1_8b" and "llama-3.1-8b" meet. */
function compact(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/**
 * The built-in preset a recipe's model names: a Hugging Face id ("meta-llama/Llama-3.1-8B-Instruct")
 * by its name without org, "Meta-" and tune suffixes; a torchtune builder ("llama3_1_8b") by its
 * letters and digits. Null where no preset matches (the caller asks for --config then).
 */
export function presetForModelId(modelId: string, presets: readonly { id: string }[]): string | null {
  const name = (modelId.split('/').pop() ?? modelId)
    .toLowerCase()
    .replace(/^meta-/, '')
    .replace(SUFFIX, '');
  const key = compact(name);
  return presets.find((preset) => compact(preset.id) === key)?.id ?? null;
}
