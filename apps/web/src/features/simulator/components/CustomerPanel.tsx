import DeleteIcon from '@mui/icons-material/Delete';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CUSTOMER_NUMBER, customerNumber, type SimulatedCustomer } from '../customers';

interface Props {
  customers: SimulatedCustomer[];
  selected: string | null;
  onSelect: (number: string) => void;
  onAdd: (customer: SimulatedCustomer) => void;
  onRemove: (number: string) => void;
}

/** The customers this person plays: pick one to chat as them, add more, drop some. */
export function CustomerPanel({ customers, selected, onSelect, onAdd, onRemove }: Props) {
  const { t } = useTranslation('simulator');
  const { t: tc } = useTranslation();
  const [number, setNumber] = useState('');
  const [name, setName] = useState('');
  const [invalid, setInvalid] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    const digits = customerNumber(number);
    if (!CUSTOMER_NUMBER.test(digits)) {
      setInvalid(true);
      return;
    }
    onAdd({ number: digits, name: name.trim() || `+${digits}` });
    onSelect(digits);
    setNumber('');
    setName('');
    setInvalid(false);
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }} data-testid="simulator-customers">
      <Box component="form" onSubmit={submit} noValidate sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <TextField
          size="small"
          label={t('customers.number')}
          placeholder="5511999990001"
          value={number}
          onChange={(e) => setNumber(e.target.value)}
          error={invalid}
          helperText={invalid ? t('customers.invalidNumber') : t('customers.numberHelp')}
          slotProps={{ htmlInput: { inputMode: 'tel', 'data-testid': 'simulator-customer-number' } }}
        />
        <TextField
          size="small"
          label={t('customers.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'simulator-customer-name' } }}
        />
        <Button type="submit" variant="outlined" startIcon={<PersonAddIcon />} data-testid="simulator-customer-add">
          {t('customers.add')}
        </Button>
      </Box>
      <List dense sx={{ flex: 1, overflowY: 'auto' }}>
        {customers.map((customer) => (
          <ListItem
            key={customer.number}
            disablePadding
            secondaryAction={
              <IconButton edge="end" size="small" aria-label={tc('delete')} onClick={() => onRemove(customer.number)}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            }
          >
            <ListItemButton selected={customer.number === selected} onClick={() => onSelect(customer.number)} data-testid={`simulator-customer-${customer.number}`}>
              <ListItemAvatar>
                <Avatar sx={{ width: 32, height: 32 }}>{customer.name.replace(/^\+/, '').charAt(0).toUpperCase()}</Avatar>
              </ListItemAvatar>
              <ListItemText primary={customer.name} secondary={`+${customer.number}`} />
            </ListItemButton>
          </ListItem>
        ))}
        {customers.length === 0 && (
          <ListItem>
            <ListItemText secondary={t('customers.empty')} />
          </ListItem>
        )}
      </List>
    </Box>
  );
}
