// The fuzz targets never start SystemC, but libsystemc.so, linked through creditflow's
// libraries, refers to sc_main: this one is never called (the target's main runs instead).
extern "C" int sc_main(int, char*[]) { return 1; }  // SystemC declares it extern "C"
