import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModelPreset } from '../../../src-main/domain/catalog';
import { msg, type Message } from '../../../src-main/domain/messages';
import type { RecipeFile, RecipeValue } from '../../../src-main/domain/recipe-files';
import { useMessageText } from '../../lib/messages';
import { readRecipe, recipeOutcome, type RecipeOutcome } from './recipe-file';

interface RecipeFileInputProps {
  presets: readonly Pick<ModelPreset, 'id'>[];
  /** Called with a recipe that was read; the page puts its values over the form. */
  onRecipe: (recipe: RecipeFile, preset: string | null) => void;
}

/**
 * A training recipe the user has (LLaMA-Factory, axolotl, torchtune or accelerate YAML, a
 * DeepSpeed or TrainingArguments JSON), chosen, dropped or pasted: its values go over the form,
 * and what was read, the conflicts and the keys not read are listed so the user can check them.
 * A file that is not one says so, naming it, and leaves the form as it was.
 */
const shown = (value: RecipeValue['value']) => (Array.isArray(value) ? value.join(', ') : String(value));

export function RecipeFileInput({ presets, onRecipe }: RecipeFileInputProps) {
  const { t } = useTranslation();
  const text = useMessageText();
  const [pasted, setPasted] = useState('');
  const [problem, setProblem] = useState<Message | null>(null);
  const [read, setRead] = useState<{ recipe: RecipeFile; preset: string | null } | null>(null);

  const take = (outcome: RecipeOutcome) => {
    if (!outcome.ok) return setProblem(outcome.problem);
    setProblem(null);
    setRead(outcome);
    onRecipe(outcome.recipe, outcome.preset);
  };
  const choose = async (file: File | undefined) => {
    if (file) take(await readRecipe(file, presets));
  };
  const drop = (event: DragEvent<HTMLDetailsElement>) => {
    event.preventDefault();
    void choose(event.dataTransfer.files[0]);
  };
  const recipe = read?.recipe;

  return (
    <details
      className="recipe-file"
      onDragOver={(event) => event.preventDefault()}
      onDrop={drop}
      data-testid="recipe-file"
    >
      <summary>{t('recipe.title')}</summary>
      <label htmlFor="est-recipe-file">{t('recipe.chooseFile')}</label>
      <input
        id="est-recipe-file"
        type="file"
        accept=".yaml,.yml,.json"
        onChange={(event) => void choose(event.target.files?.[0])}
      />
      <label htmlFor="est-recipe-paste">{t('recipe.paste')}</label>
      <textarea id="est-recipe-paste" rows={4} value={pasted} onChange={(event) => setPasted(event.target.value)} />
      <button
        type="button"
        onClick={() => take(recipeOutcome(pasted, 'recipe.yaml', presets))}
        disabled={pasted.trim() === ''}
      >
        {t('recipe.readPasted')}
      </button>
      {problem ? (
        <p className="field-error" role="alert">
          {text(problem)}
        </p>
      ) : null}
      {recipe ? (
        <div className="recipe-file-read" role="status">
          <p>{t('recipe.readFrom', { file: recipe.file, format: t(`recipe.format.${recipe.format}`) })}</p>
          {recipe.modelId && !read.preset ? (
            <p className="field-error">
              {text(msg('recipeFile.unknownModel', { file: recipe.file, model: recipe.modelId }))}
            </p>
          ) : null}
          <ul>
            {recipe.read.map(({ key, field, value, from }) => (
              <li key={`${key}:${field}`}>
                <code>{key}</code>
                {from === undefined ? '' : `: ${shown(from)}`} → {field} = {shown(value)}
              </li>
            ))}
            {[...recipe.conflicts, ...recipe.notes].map((note, index) => (
              <li key={`note-${index}`}>{text(note)}</li>
            ))}
          </ul>
          {recipe.ignored.length > 0 ? (
            <p className="hint">{t('recipe.notRead', { keys: recipe.ignored.join(', ') })}</p>
          ) : null}
        </div>
      ) : null}
    </details>
  );
}
