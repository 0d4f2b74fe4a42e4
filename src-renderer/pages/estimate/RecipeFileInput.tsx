import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModelPreset } from '../../../src-main/domain/catalog';
import { msg, type Message } from '../../../src-main/domain/messages';
import type { RecipeFile, RecipeValue } from '../../../src-main/domain/recipe-files';
import { useApp } from '../../lib/app-context';
import { useMessageText } from '../../lib/messages';
import { dropFileProps, FileOrPaste } from './FileOrPaste';
import { readPastedRecipe, readRecipe } from './recipe-file';
import type { RecipeOutcome } from './recipe-read';

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

/** Memoised: with a stable `onRecipe` (the Estimate page's), a keystroke in the form does not render it again. */
export const RecipeFileInput = memo(function RecipeFileInput({ presets, onRecipe }: RecipeFileInputProps) {
  const { t } = useTranslation();
  const text = useMessageText();
  const { reportError } = useApp();
  const [problem, setProblem] = useState<Message | null>(null);
  const [read, setRead] = useState<{ recipe: RecipeFile; preset: string | null } | null>(null);

  const take = (outcome: RecipeOutcome) => {
    if (!outcome.ok) return setProblem(outcome.problem);
    setProblem(null);
    setRead(outcome);
    onRecipe(outcome.recipe, outcome.preset);
  };
  // The readers load on first use: a chunk that cannot be fetched is reported like any other failure.
  const choose = (file: File) => void readRecipe(file, presets).then(take, reportError);
  const recipe = read?.recipe;

  return (
    <details className="recipe-file" {...dropFileProps(choose)} data-testid="recipe-file">
      <summary>{t('recipe.title')}</summary>
      <FileOrPaste
        id="est-recipe"
        chooseLabel={t('recipe.chooseFile')}
        accept=".yaml,.yml,.json"
        pasteLabel={t('recipe.paste')}
        readLabel={t('recipe.readPasted')}
        problem={problem}
        onFile={choose}
        onPasted={(pasted) => void readPastedRecipe(pasted, presets).then(take, reportError)}
      />
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
});
