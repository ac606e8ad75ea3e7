import { Paper, type PaperProps, Stack, Text } from '@mantine/core';
import { QRCodeSVG } from 'qrcode.react';

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
      <QRCodeSVG
        value={url}
        size={size}
        marginSize={0}
        bgColor="#ffffff"
        fgColor="#1a1b1e"
        title={title}
        data-testid={testId}
      />
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
