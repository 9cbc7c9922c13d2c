export { LightButton, LightSwitch, SelectStandIn, type LightButtonProps, type LightSwitchProps, type SelectStandInProps } from './light';
