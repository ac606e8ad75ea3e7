import { Box, Paper, type PaperProps, Stack, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';

// The QR library loads with the first code shown: the home page, which offers one only after
// a paste is created, stays under its first-load budget (bench/suites/home-first-load-js.mjs).
const QRCodeSVG = lazy(() =>
  import('qrcode.react').then((module) => ({ default: module.QRCodeSVG })),
);

/**
 * A share link's QR code. Always dark on a white card, whatever the theme: phone cameras
 * read a light-on-dark code badly. The hint under it says what scanning does.
 */
export function ShareQrCode({
  url,
  title,
  size,
  testId,
  hint,
  withBorder,
  ...paper
}: {
  url: string;
  /** The code's accessible name. */
  title: string;
  size: number;
  testId: string;
  hint?: string;
  withBorder?: boolean;
} & Omit<PaperProps, 'children' | 'p' | 'bg'>) {
  const code = (
    <Paper p="xs" bg="white" radius="sm" withBorder={withBorder} {...paper}>
      <Suspense fallback={<Box w={size} h={size} />}>
        <QRCodeSVG
          value={url}
          size={size}
          marginSize={0}
          bgColor="#ffffff"
          fgColor="#1a1b1e"
          title={title}
          data-testid={testId}
        />
      </Suspense>
    </Paper>
  );
  if (!hint) return code;
  return (
    <Stack align="center" gap="xs">
      {code}
      <Text size="xs" c="dimmed" ta="center">
        {hint}
      </Text>
    </Stack>
  );
}
