import { ActionIcon, Button, Indicator } from '@mantine/core';
import { IconBasket } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBasket } from '../basket.store';
import { BasketDrawer } from './BasketDrawer';

/** The basket's entry point in the explorer header: its count, and the panel it opens. */
export function BasketButton() {
  const { t } = useTranslation();
  const count = useBasket().length;
  const [opened, setOpened] = useState(false);
  const label = t('mountExplorer.basket.openWithCount', { count });
  return (
    <>
      <Indicator
        label={count}
        size={16}
        disabled={count === 0}
        offset={4}
        color="blue"
        data-testid="basket-count"
        data-count={count}
      >
        <Button
          size="xs"
          variant="default"
          leftSection={<IconBasket size={14} />}
          onClick={() => setOpened(true)}
          aria-label={label}
          visibleFrom="sm"
          data-testid="open-basket"
        >
          {t('mountExplorer.basket.open')}
        </Button>
        {/* Phones keep the header for the folder path: the basket is an icon there. */}
        <ActionIcon
          variant="default"
          size="md"
          onClick={() => setOpened(true)}
          aria-label={label}
          hiddenFrom="sm"
          data-testid="open-basket-phone"
        >
          <IconBasket size={16} />
        </ActionIcon>
      </Indicator>
      <BasketDrawer opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
