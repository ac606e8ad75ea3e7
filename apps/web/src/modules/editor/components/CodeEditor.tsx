import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { markdown, markdownLanguage } from '@codemirror/lang-markdown';
import {
  bracketMatching,
  defaultHighlightStyle,
  indentOnInput,
  LanguageDescription,
  syntaxHighlighting,
} from '@codemirror/language';
import { languages } from '@codemirror/language-data';
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import { oneDarkHighlightStyle } from '@codemirror/theme-one-dark';
import {
  drawSelection,
  dropCursor,
  EditorView,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
  placeholder as placeholderText,
} from '@codemirror/view';
import { Box, useComputedColorScheme } from '@mantine/core';
import type { PasteFormat } from '@sharebin/shared';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ActionPlaceholders,
  applyMarkdownAction,
  type MarkdownAction,
} from '../editor.commands';
import { editorLanguageName } from '../editor.languages';
import { editorTheme } from './editor-theme';
import { MarkdownToolbar } from './MarkdownToolbar';

export interface CodeEditorProps {
  value: string;
  onChange: (value: string) => void;
  format: PasteFormat;
  /** The plain-text language (highlight.js name, `auto` or `plaintext`). */
  language: string;
  placeholder: string;
  label: string;
}

const hasFiles = (event: DragEvent) => (event.dataTransfer?.files.length ?? 0) > 0;

/**
 * CodeMirror 6 with Markdown (GFM, highlighted code fences) or a plain-text language, the
 * Markdown toolbar and its shortcuts. Loaded on demand: CodeMirror stays out of the first load.
 */
export default function CodeEditor({
  value,
  onChange,
  format,
  language,
  placeholder,
  label,
}: CodeEditorProps) {
  const { t } = useTranslation();
  const dark = useComputedColorScheme('light') === 'dark';
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  /** The text last reported through onChange: a `value` equal to it needs no update. */
  const reported = useRef(value);
  const compartments = useMemo(
    () => ({
      language: new Compartment(),
      gutter: new Compartment(),
      text: new Compartment(),
      highlighting: new Compartment(),
    }),
    [],
  );

  const placeholders = useMemo<ActionPlaceholders>(
    () => ({
      text: t('editor.placeholders.text'),
      linkText: t('editor.placeholders.linkText'),
      imageAlt: t('editor.placeholders.imageAlt'),
      code: t('editor.placeholders.code'),
      heading: t('editor.placeholders.heading'),
      listItem: t('editor.placeholders.listItem'),
      task: t('editor.placeholders.task'),
      quote: t('editor.placeholders.quote'),
      column: t('editor.placeholders.column'),
      cell: t('editor.placeholders.cell'),
    }),
    [t],
  );
  const placeholdersRef = useRef(placeholders);
  placeholdersRef.current = placeholders;

  const apply = (action: MarkdownAction) => {
    const current = view.current;
    if (!current) return false;
    current.dispatch(
      current.state.update(applyMarkdownAction(current.state, action, placeholdersRef.current), {
        scrollIntoView: true,
        userEvent: 'input.format',
      }),
    );
    current.focus();
    return true;
  };
  const applyRef = useRef(apply);
  applyRef.current = apply;

  // The view is created once, from the text `reported` holds; later props reconfigure it below.
  useEffect(() => {
    if (!host.current) return;
    const shortcut = (action: MarkdownAction) => () => applyRef.current(action);
    const created = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: reported.current,
        extensions: [
          history(),
          drawSelection(),
          dropCursor(),
          highlightSpecialChars(),
          indentOnInput(),
          bracketMatching(),
          EditorState.allowMultipleSelections.of(true),
          EditorView.lineWrapping,
          editorTheme,
          keymap.of([
            { key: 'Mod-b', run: shortcut('bold'), preventDefault: true },
            { key: 'Mod-i', run: shortcut('italic'), preventDefault: true },
            { key: 'Mod-e', run: shortcut('code'), preventDefault: true },
            { key: 'Mod-k', run: shortcut('link'), preventDefault: true },
            ...defaultKeymap,
            ...historyKeymap,
            ...searchKeymap,
            indentWithTab,
          ]),
          highlightSelectionMatches(),
          compartments.language.of([]),
          compartments.gutter.of([]),
          compartments.text.of([]),
          compartments.highlighting.of([]),
          EditorView.updateListener.of((update) => {
            if (!update.docChanged) return;
            const text = update.state.doc.toString();
            reported.current = text;
            onChangeRef.current(text);
          }),
          // Dropped files are imported by the page around the editor, not inserted here.
          EditorView.domEventHandlers({ drop: hasFiles }),
        ],
      }),
    });
    view.current = created;
    return () => {
      created.destroy();
      view.current = null;
    };
  }, [compartments]);

  // Text set from outside (a restored draft, an imported file, a reset) replaces the document.
  useEffect(() => {
    const current = view.current;
    if (!current || value === reported.current) return;
    reported.current = value;
    current.dispatch({
      changes: { from: 0, to: current.state.doc.length, insert: value },
      selection: { anchor: value.length },
    });
  }, [value]);

  useEffect(() => {
    view.current?.dispatch({
      effects: compartments.text.reconfigure([
        placeholderText(placeholder),
        EditorView.contentAttributes.of({ 'aria-label': label }),
      ]),
    });
  }, [placeholder, label, compartments]);

  useEffect(() => {
    view.current?.dispatch({
      effects: compartments.highlighting.reconfigure(
        syntaxHighlighting(dark ? oneDarkHighlightStyle : defaultHighlightStyle),
      ),
    });
  }, [dark, compartments]);

  useEffect(() => {
    const current = view.current;
    if (!current) return;
    let cancelled = false;
    const configure = (languageSupport: Extension, gutter: Extension) =>
      current.dispatch({
        effects: [
          compartments.language.reconfigure(languageSupport),
          compartments.gutter.reconfigure(gutter),
        ],
      });
    if (format === 'markdown') {
      configure(markdown({ base: markdownLanguage, codeLanguages: languages }), []);
      return;
    }
    const gutter = [lineNumbers(), highlightActiveLineGutter()];
    configure([], gutter);
    const name = editorLanguageName(language);
    const description = name ? LanguageDescription.matchLanguageName(languages, name, false) : null;
    void description?.load().then((support) => {
      if (!cancelled) configure(support, gutter);
    });
    return () => {
      cancelled = true;
    };
  }, [format, language, compartments]);

  return (
    <Box display="flex" style={{ flexDirection: 'column', height: '100%' }}>
      {format === 'markdown' && (
        <Box style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
          <MarkdownToolbar onAction={(action) => apply(action)} />
        </Box>
      )}
      <Box ref={host} flex={1} mih={0} data-testid="code-editor" />
    </Box>
  );
}
