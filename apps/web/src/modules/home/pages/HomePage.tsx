import { Container, Stack, Text, Title } from '@mantine/core';
import type { Paste, PasteFormat } from '@sharebin/shared';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../app/page-title';
import { useUnsavedWork } from '../../../pwa/unsaved-work';
import { AUTO_LANGUAGE, DraftRestoreAlert, pasteLanguage, useDraft } from '../../editor';
import { CreatePastePanel } from '../components/CreatePastePanel';
import { EditorWorkspace } from '../components/EditorWorkspace';

// Shown only once a paste is created: its QR code and link panel stay off the first load
// (bench/suites/home-first-load-js.mjs).
const PasteCreatedModal = lazy(() =>
  import('../components/PasteCreatedModal').then((module) => ({
    default: module.PasteCreatedModal,
  })),
);

/** Home (SPEC §2): the Markdown and plain-text editor with live preview, and sharing. */
export default function HomePage() {
  const { t } = useTranslation();
  usePageTitle([t('titles.home')]);
  const [content, setContent] = useState('');
  const [format, setFormat] = useState<PasteFormat>('markdown');
  const [language, setLanguage] = useState(AUTO_LANGUAGE);
  const draft = useDraft(content);
  useUnsavedWork('editorText', content.trim() !== '');
  const [created, setCreated] = useState<Paste | null>(null);
  const [createdOpen, setCreatedOpen] = useState(false);

  const onCreated = (paste: Paste) => {
    draft.clear();
    setContent('');
    setCreated(paste);
    setCreatedOpen(true);
  };

  return (
    <Container size="xl" px={{ base: 'sm', sm: 'lg' }} py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <div>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {t('editor.title')}
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            {t('editor.subtitle')}
          </Text>
        </div>

        {draft.offer && (
          <DraftRestoreAlert
            draft={draft.offer}
            onRestore={() => {
              if (draft.offer) setContent(draft.offer.content);
              draft.accept();
            }}
            onDiscard={draft.discard}
          />
        )}

        <EditorWorkspace
          content={content}
          onContentChange={setContent}
          format={format}
          onFormatChange={setFormat}
          language={language}
          onLanguageChange={setLanguage}
          draftSavedAt={draft.savedAt}
        />

        <CreatePastePanel
          content={content}
          format={format}
          language={pasteLanguage(format, language)}
          onCreated={onCreated}
        />
      </Stack>

      {created && (
        <Suspense fallback={null}>
          <PasteCreatedModal
            paste={created}
            opened={createdOpen}
            onClose={() => setCreatedOpen(false)}
          />
        </Suspense>
      )}
    </Container>
  );
}
