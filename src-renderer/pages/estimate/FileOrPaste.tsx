import { useState, type DragEvent, type ReactNode } from 'react';
import type { Message } from '../../../src-main/domain/messages';
import { FileInput } from '../../components/FileInput';
import { useMessageText } from '../../lib/messages';

interface FileOrPasteProps {
  /** Prefix of the controls' ids: `${id}-file`, `${id}-paste`. */
  id: string;
  chooseLabel: string;
  /** The file input's accept list. */
  accept: string;
  pasteLabel: string;
  readLabel: string;
  placeholder?: string;
  /** What went wrong with the last file or text, shown under the controls. */
  problem: Message | null;
  onFile: (file: File) => void;
  onPasted: (text: string) => void;
  /** Shown between the file chooser and the paste box (a hint, another way in). */
  children?: ReactNode;
}

/**
 * The way a file the user has comes in, for a model and for a recipe alike: chosen, or pasted
 * and read with a button, and the problem of the last try in words. The box around it takes a
 * dropped file with `dropFileProps`.
 */
export function FileOrPaste({
  id,
  chooseLabel,
  accept,
  pasteLabel,
  readLabel,
  placeholder,
  problem,
  onFile,
  onPasted,
  children,
}: FileOrPasteProps) {
  const text = useMessageText();
  const [pasted, setPasted] = useState('');
  return (
    <>
      <label htmlFor={`${id}-file`}>{chooseLabel}</label>
      <FileInput
        id={`${id}-file`}
        accept={accept}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onFile(file);
        }}
      />
      {children}
      <label htmlFor={`${id}-paste`}>{pasteLabel}</label>
      <textarea
        id={`${id}-paste`}
        rows={4}
        value={pasted}
        placeholder={placeholder}
        onChange={(event) => setPasted(event.target.value)}
      />
      <button type="button" onClick={() => onPasted(pasted)} disabled={pasted.trim() === ''}>
        {readLabel}
      </button>
      {problem ? (
        <p className="field-error" role="alert">
          {text(problem)}
        </p>
      ) : null}
    </>
  );
}

/** The drag-and-drop handlers of the box around a FileOrPaste: the first file dropped. */
export function dropFileProps(onFile: (file: File) => void) {
  return {
    onDragOver: (event: DragEvent) => event.preventDefault(),
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      const file = event.dataTransfer.files[0];
      if (file) onFile(file);
    },
  };
}
