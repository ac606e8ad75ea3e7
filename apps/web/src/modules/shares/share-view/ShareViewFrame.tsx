import { Container, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/** The width and spacing of a shown share: its heading, then its content and actions. */
export function ShareViewFrame({ children }: { children: ReactNode }) {
  return (
    <Container size="lg" px={{ base: 'sm', sm: 'lg' }} py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">{children}</Stack>
    </Container>
  );
}
